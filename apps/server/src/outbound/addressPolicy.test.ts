import { describe, expect, it } from 'vitest';
import { judgeAddress } from './addressPolicy';

describe('judgeAddress', () => {
  it.each([
    '127.0.0.1',
    '127.5.6.7',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.10.10',
    '100.64.0.1',
    '100.100.100.200',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '::7f00:1',
    '64:ff9b::a00:1',
    '2002:a00:1::',
    '2001:db8::1',
    '[::1]',
  ])('refuses %s', (address) => {
    expect(judgeAddress(address).allowed).toBe(false);
  });

  it('marks metadata endpoints, including public-looking ones, as metadata', () => {
    expect(judgeAddress('169.254.169.254')).toMatchObject({ allowed: false, metadata: true });
    expect(judgeAddress('::ffff:169.254.169.254')).toMatchObject({ allowed: false, metadata: true });
    expect(judgeAddress('fd00:ec2::254')).toMatchObject({ allowed: false, metadata: true });
    expect(judgeAddress('168.63.129.16')).toMatchObject({ allowed: false, metadata: true });
    expect(judgeAddress('10.0.0.1')).toMatchObject({ allowed: false, metadata: false });
  });

  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows public %s',
    (address) => {
      expect(judgeAddress(address)).toEqual({ allowed: true });
    },
  );

  it('refuses what is not an IP address', () => {
    expect(judgeAddress('example.com').allowed).toBe(false);
  });
});
