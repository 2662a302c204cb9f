import type { AddedMigration } from './installedBuild';

/**
 * The two kinds of migration a rolling upgrade can carry, on the table visitors write to most (`leads`), so
 * that each runs while leads are being inserted by both builds.
 *
 * Expand: a nullable column without a default. The older build names its columns in every insert and select,
 * so it neither sees nor needs the column, and it can keep serving beside the newer build.
 */
export const EXPAND: AddedMigration = {
  tag: '29990101000000_expand_leads_referral_code',
  statements: ['ALTER TABLE "leads" ADD COLUMN "referral_code" text;'],
};

/**
 * Contract: the same column dropped, once no running build uses it, in the release after the expand one and
 * only after that release runs on every process.
 */
export const CONTRACT: AddedMigration = {
  tag: '29990101000100_contract_leads_referral_code',
  statements: ['ALTER TABLE "leads" DROP COLUMN "referral_code";'],
};

export const ADDED_COLUMN = { table: 'leads', column: 'referral_code' } as const;
