import { describe, expect, it } from 'vitest';
import { publishDnsRecords } from './publishDnsRecords';

describe('publishDnsRecords', () => {
  it('is a CNAME to the publish host name when PUBLISH_URL names a host', () => {
    expect(publishDnsRecords({ publishUrl: 'https://quizzes.example.net', publishIps: [] })).toEqual([
      { type: 'CNAME', value: 'quizzes.example.net' },
    ]);
  });

  it('adds an A record per IPv4 and an AAAA record per IPv6 address of PUBLISH_IPS', () => {
    const records = publishDnsRecords({
      publishUrl: 'https://quizzes.example.net:8443',
      publishIps: ['203.0.113.10', '2001:db8::10'],
    });
    expect(records).toEqual([
      { type: 'CNAME', value: 'quizzes.example.net' },
      { type: 'A', value: '203.0.113.10' },
      { type: 'AAAA', value: '2001:db8::10' },
    ]);
  });

  it('never gives a CNAME to an address: PUBLISH_URL on an address is an A or AAAA record', () => {
    expect(publishDnsRecords({ publishUrl: 'http://127.0.0.1:3000', publishIps: [] })).toEqual([
      { type: 'A', value: '127.0.0.1' },
    ]);
    expect(publishDnsRecords({ publishUrl: 'http://[2001:DB8::20]', publishIps: ['2001:db8::20'] })).toEqual([
      { type: 'AAAA', value: '2001:db8::20' },
    ]);
  });
});
