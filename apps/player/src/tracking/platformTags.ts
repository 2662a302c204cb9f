import type { BrowserTracking, QuizEventName } from '@quizbeam/contracts/measurement';

/*
 * Google Tag Manager, Google Analytics 4 (gtag.js) and Meta Pixel, turned on by their IDs alone. Each
 * platform's own script loads from the platform only when the page has its ID and, where the quiz asks, only
 * once the visitor accepts.
 */

type Command = (...args: unknown[]) => void;

/** Meta's queueing stub, as its base code defines it: calls wait in `queue` until fbevents.js takes over. */
interface Fbq extends Command {
  callMethod?: Command;
  queue: unknown[];
}

export interface TagWindow {
  dataLayer?: unknown[];
  fbq?: Fbq;
  _fbq?: Fbq;
}

/** A quiz event as the page's `quizbeam` DOM event carries it (see runtime/quizEvents.ts). */
export interface QuizEventDetail {
  event: QuizEventName;
  [key: string]: unknown;
}

/** What happens to each platform when: in the order the tracking script calls them. */
export interface PlatformTags {
  /** Consent Mode's and Meta's "not yet", before anything else: the quiz asks for consent. */
  withhold(): void;
  /** Consent given (or not asked): each platform granted, initialised and its script loaded. */
  start(): void;
  /** One quiz event to each platform, in its own words. */
  send(detail: QuizEventDetail): void;
}

const googleConsent = (state: string) =>
  Object.fromEntries(
    ['ad_storage', 'ad_user_data', 'ad_personalization', 'analytics_storage'].map((type) => [type, state]),
  );

function loadScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

export function platformTags(tracking: BrowserTracking): PlatformTags {
  const { gtmContainerId: gtm, ga4MeasurementId: ga4, metaPixelId: pixel, askConsent } = tracking;
  const google = gtm || ga4;
  const tagged = window as TagWindow;
  // Created before any Google snippet and never replaced: GTM and gtag.js keep a reference to it.
  tagged.dataLayer ??= [];
  const dataLayer = tagged.dataLayer;
  // gtag.js reads only Arguments objects from the dataLayer, as its own snippet pushes them.
  function gtag(..._args: unknown[]) {
    // biome-ignore lint/complexity/noArguments: gtag.js takes the Arguments object itself, not an array.
    dataLayer.push(arguments);
  }
  const fbq: Command = (...args) => tagged.fbq?.(...args);
  // Meta's base code, where the page has no pixel yet: calls queue until fbevents.js (loaded on start) replays them.
  if (pixel && !tagged.fbq) {
    const stub = ((...args: unknown[]) => {
      if (stub.callMethod) stub.callMethod(...args);
      else stub.queue.push(args);
    }) as Fbq;
    tagged.fbq = tagged._fbq = Object.assign(stub, { push: stub, loaded: true, version: '2.0', queue: [] });
  }

  return {
    withhold() {
      if (google) gtag('consent', 'default', googleConsent('denied'));
      if (pixel) fbq('consent', 'revoke');
    },
    start() {
      if (askConsent && google) gtag('consent', 'update', googleConsent('granted'));
      if (pixel) {
        if (askConsent) fbq('consent', 'grant');
        fbq('init', pixel);
        fbq('track', 'PageView');
        loadScript('https://connect.facebook.net/en_US/fbevents.js');
      }
      if (ga4) {
        gtag('js', new Date());
        gtag('config', ga4);
        loadScript(`https://www.googletagmanager.com/gtag/js?id=${ga4}`);
      }
      if (gtm) {
        dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
        loadScript(`https://www.googletagmanager.com/gtm.js?id=${gtm}`);
      }
    },
    send({ event, ...data }) {
      if (gtm) dataLayer.push({ event, quizbeam: data });
      // GA4's parameters take text and numbers only.
      const { categoryScores: _list, ...values } = data;
      if (ga4) gtag('event', event === 'lead_submitted' ? 'generate_lead' : event, values);
      if (!pixel) return;
      if (event === 'quiz_view') fbq('track', 'ViewContent');
      else if (event === 'lead_submitted') fbq('track', 'Lead', {}, { eventID: data.eventId });
      else if (event === 'quiz_complete')
        fbq('track', 'CompleteRegistration', {
          content_name: data.outcomeName,
          status: true,
          value: data.score,
        });
      else fbq('trackCustom', event === 'quiz_start' ? 'QuizStart' : 'QuestionAnswered', data);
    },
  };
}
