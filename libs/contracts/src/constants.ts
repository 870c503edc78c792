/** Business constants and limits of spec section 9. Money is integer øre. */
export const limits = {
  apiTimeoutMs: 20_000,
  passwordMinLength: 6,
  defaultBidValidityDays: 14,
  bidValidityOptionsDays: [1, 2, 3, 7, 14],
  bidTimeSlots: ['08:00', '12:00', '16:00', '20:00'],
  defaultBidTimeSlot: '20:00',
  defaultMaxBids: 5,
  imagesPerTaskDefault: 3,
  imagesPerProof: 6,
  initialTaskPhotos: 12,
  photoMaxWidthPx: 1600,
  photoJpegQuality: 0.82,
  signatureCanvas: { width: 500, height: 150 },
  geolocationTimeoutMs: 10_000,
  paymentPollAttempts: 8,
  paymentPollIntervalMs: 2_500,
  dashboardRecentTasks: 8,
  homeReviewsMax: 20,
  homeReviewMinCommentLength: 6,
  ratingMin: 1,
  ratingMax: 5,
  addressSuggest: { minChars: 3, debounceMs: 300, results: 6 },
  twoFactorCodeDigits: 6,
  notificationBar: { items: 5, dismissAfterMs: 6_000 },
  cvrDigits: 8,
  postalCodeDigits: 4,
  listPageLimitMax: 100,
  listPageLimitDefault: 20,
} as const;

export const defaultPlatformSettings = {
  feePercentage: 10,
  fixedFeeOre: 2_000,
  vatPercentage: 25,
  minFeeOre: 3_000,
  maxBids: 5,
} as const;

export const defaultCarrierFee = { feePercentage: 10, fixedFeeOre: 0 } as const;

/**
 * The versions of Handelsbetingelser and Privatlivspolitik a registration accepts (stored with the user, with the
 * time). Change the date when the text of /terms or /privacy changes in substance.
 */
export const legalVersions = { terms: '2026-12-01', privacy: '2026-12-01' } as const;

/** A mailed link's token (reset password, verify e-mail): base64url of 32 random bytes, 43 characters. */
export const accountLinkTokenPattern = /^[\w-]{43}$/;
