import { z } from 'zod';

const placeSchema = z.object({ host: z.string().max(300), slug: z.string().max(100) });
const retiredPlaceSchema = placeSchema.extend({ snapshotId: z.string().max(100) });

/** What changed on the published sites, as much as the caches need to drop what it made stale. */
export const siteChangeSchema = z.discriminatedUnion('kind', [
  /** A Publish or Republish: `previous` is where the quiz was live before, if it was. */
  z.object({ kind: z.literal('published'), previous: retiredPlaceSchema.nullable(), current: placeSchema }),
  /** An Unpublish: `snapshotIds` are the versions a Republish had left taking visitors, now taken down too. */
  z.object({
    kind: z.literal('unpublished'),
    previous: retiredPlaceSchema.nullable(),
    snapshotIds: z.array(z.string().max(100)),
  }),
  /** A quiz was deleted; `place` is where it was live, if it was; `snapshotIds` were taking visitors. */
  z.object({
    kind: z.literal('quizRemoved'),
    place: placeSchema.nullable(),
    snapshotIds: z.array(z.string().max(100)),
  }),
  z.object({ kind: z.literal('domainAdded'), host: z.string().max(300) }),
  /** A custom domain was removed with the quizzes live on it (`snapshotIds` were live there). */
  z.object({
    kind: z.literal('domainRemoved'),
    host: z.string().max(300),
    snapshotIds: z.array(z.string().max(100)),
  }),
  /** An account was disabled or enabled. */
  z.object({ kind: z.literal('accountStatusChanged'), accountId: z.string().max(100) }),
  /** Anything may have changed (changes were missed, or one was too long to send): drop it all. */
  z.object({ kind: z.literal('everything') }),
]);
export type SiteChange = z.infer<typeof siteChangeSchema>;
