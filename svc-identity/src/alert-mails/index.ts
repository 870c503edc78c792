export { alertMailConsumers } from './consumers';
export { alertDigestHour, danishDate, digestCutoff, nextDigestAt, sendAlertDigests, startAlertDigests } from './service';
