import { AUTORESPONDER_LABELS, type AutoresponderService } from '@quizbeam/contracts/integrations';
import { startActiveCampaignFake } from './autoresponders/activeCampaignFake';
import { startAweberFake } from './autoresponders/aweberFake';
import { startConvertKitFake } from './autoresponders/convertKitFake';
import { startDripFake } from './autoresponders/dripFake';
import { startGetResponseFake } from './autoresponders/getResponseFake';
import { startMailchimpFake } from './autoresponders/mailchimpFake';
import { startPlatformlyFake } from './autoresponders/platformlyFake';
import { startSendlaneFake } from './autoresponders/sendlaneFake';
import type { ServiceFake, StartServiceFake } from './serviceFake';

/**
 * `npm run fakes`: the eight email services' local fakes on fixed ports (FAKES_PORT, default 4101, and
 * the seven after it), printing the environment that points Quizbeam at them, so a person can click
 * through every connect flow and watch leads arrive. Ctrl+C stops them.
 */
const FAKES: [AutoresponderService, StartServiceFake][] = [
  ['mailchimp', startMailchimpFake],
  ['aweber', startAweberFake],
  ['getresponse', startGetResponseFake],
  ['activecampaign', startActiveCampaignFake],
  ['sendlane', startSendlaneFake],
  ['drip', startDripFake],
  ['convertkit', startConvertKitFake],
  ['platformly', startPlatformlyFake],
];

async function main(): Promise<void> {
  const firstPort = Number(process.env.FAKES_PORT ?? 4101);
  const running: ServiceFake[] = [];
  for (const [index, [, start]] of FAKES.entries()) running.push(await start({ port: firstPort + index }));

  const env: Record<string, string> = { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' };
  for (const fake of running) Object.assign(env, fake.env);
  console.log('The email services’ local fakes are running. Start Quizbeam with this environment:\n');
  for (const [name, value] of Object.entries(env)) console.log(`export ${name}='${value}'`);
  console.log('\nThen connect them on the Integrations page. The API-key services accept:');
  for (const fake of running) {
    if (!fake.demoCredentials) continue;
    const fields = Object.entries(fake.demoCredentials).map(([field, value]) => `${field} ${value}`);
    console.log(`  ${AUTORESPONDER_LABELS[fake.service]}: ${fields.join(', ')}`);
  }
  console.log('The OAuth services show an authorize page with Allow and Deny.');

  const stop = async () => {
    await Promise.all(running.map((fake) => fake.close()));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
