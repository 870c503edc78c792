export { alertMailConsumers } from './consumers';
export { alertDigestHour, digestCutoff, sendAlertDigests, startAlertDigests } from './service';
