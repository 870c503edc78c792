/*
 * The few texts the first page load needs on their own (the web kit's error texts, the home page's empty reviews):
 * importing one of these does not pull the whole `messages` table into the browser's first download.
 */
export const sessionExpiredMessage = 'Session udløbet – log ind igen';
export const forbiddenMessage = 'Du har ikke adgang til denne handling';
export const somethingWentWrongMessage = 'Noget gik galt';
export const noReviewsYetMessage = 'Der er endnu ingen anmeldelser at vise.';
export const carriersCannotCreateTasksMessage = 'Carriers kan ikke oprette opgaver.';
