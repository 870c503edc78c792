/** The label lives in libs/web: the shell's task page shows it to admins too. */
export { carrierListLabel, formatPercent, NO_LIST_LABEL } from '@fragtbud/web';
