import { startTracking } from './tracking/startTracking';

// Pages with tags only: loaded before the player, which then emits the quiz's events (see docs/measurement.md).
startTracking();
