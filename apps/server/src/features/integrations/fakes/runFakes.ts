import { AUTORESPONDER_LABELS, type AutoresponderService } from '@quizbeam/contracts/integrations';
import { startActiveCampaignFake } from './autoresponders/activeCampaignFake';
import { startAweberFake } from './autoresponders/aweberFake';
import { startConvertKitFake } from './autoresponders/convertKitFake';
import { startDripFake } from './autoresponders/dripFake';
import { startGetResponseFake } from './autoresponders/getResponseFake';
import { startMailchimpFake } from './autoresponders/mailchimpFake';
import { startPlatformlyFake } from './autoresponders/platformlyFake';
import { startSendlaneFake } from './autoresponders/sendlaneFake';
import { FAKE_GA4_API_SECRET, FAKE_GA4_MEASUREMENT_ID, startFakeGa4 } from './fakeGa4';
import { FAKE_META_ACCESS_TOKEN, FAKE_META_PIXEL_ID, startFakeMetaConversions } from './fakeMetaConversions';
import type { ServiceFake, StartServiceFake } from './serviceFake';

/**
 * `npm run fakes`: the eight email services' local fakes on fixed ports (FAKES_PORT, default 4101, and
 * the seven after it), then Meta's Conversions API and GA4's Measurement Protocol on the next two, printing the environment that points Quizbeam at them, so a person can click
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

  const meta = await startFakeMetaConversions({ port: firstPort + FAKES.length });
  const ga4 = await startFakeGa4({ port: firstPort + FAKES.length + 1 });

  const env: Record<string, string> = { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' };
  for (const fake of running) Object.assign(env, fake.env);
  Object.assign(env, meta.env, ga4.env);
  console.log('The email services’ local fakes are running. Start Quizbeam with this environment:\n');
  for (const [name, value] of Object.entries(env)) console.log(`export ${name}='${value}'`);
  console.log('\nThen connect them on the Integrations page. The API-key services accept:');
  for (const fake of running) {
    if (!fake.demoCredentials) continue;
    const fields = Object.entries(fake.demoCredentials).map(([field, value]) => `${field} ${value}`);
    console.log(`  ${AUTORESPONDER_LABELS[fake.service]}: ${fields.join(', ')}`);
  }
  console.log('The OAuth services show an authorize page with Allow and Deny.');
  console.log('Conversion APIs (Integrations page):');
  console.log(
    `  Meta Conversions API: pixel ID ${FAKE_META_PIXEL_ID}, access token ${FAKE_META_ACCESS_TOKEN}`,
  );
  console.log(
    `  Google Analytics 4: measurement ID ${FAKE_GA4_MEASUREMENT_ID}, API secret ${FAKE_GA4_API_SECRET}`,
  );

  const stop = async () => {
    await Promise.all([...running.map((fake) => fake.close()), meta.close(), ga4.close()]);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
