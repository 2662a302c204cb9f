import type { AutoresponderService } from '@quizbeam/contracts/integrations';
import type { AutoresponderClient } from './autoresponderClient';
import { activeCampaignClient } from './services/activecampaign/activeCampaignClient';
import { aweberClient } from './services/aweber/aweberClient';
import { convertKitClient } from './services/convertkit/convertKitClient';
import { dripClient } from './services/drip/dripClient';
import { getResponseClient } from './services/getresponse/getResponseClient';
import { mailchimpClient } from './services/mailchimp/mailchimpClient';
import { platformlyClient } from './services/platformly/platformlyClient';
import { sendlaneClient } from './services/sendlane/sendlaneClient';

export type AutoresponderClients = Record<AutoresponderService, AutoresponderClient>;

/** The one client of each service (tests give the app stand-ins through its context instead). */
export const AUTORESPONDER_CLIENTS: AutoresponderClients = {
  mailchimp: mailchimpClient,
  aweber: aweberClient,
  getresponse: getResponseClient,
  activecampaign: activeCampaignClient,
  sendlane: sendlaneClient,
  drip: dripClient,
  convertkit: convertKitClient,
  platformly: platformlyClient,
};
