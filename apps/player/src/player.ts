import { startPlayer } from './runtime/startPlayer';

startPlayer();
