import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys } from '@fragtbud/web';
import { defaultPlatformSettings, oreToDkk, type PlatformSettingsJson } from '@fragtbud/contracts';

/** The five platform settings as the API carries them: percentages, fees in DKK, max bids. */
export interface PlatformSettingsValues {
  feePercentage: number;
  fixedFee: number;
  vatPercentage: number;
  minFee: number;
  maxBids: number;
}

export const SETTINGS_FIELDS = ['feePercentage', 'fixedFee', 'minFee', 'vatPercentage', 'maxBids'] as const satisfies ReadonlyArray<
  keyof PlatformSettingsValues
>;

/** Spec section 9 defaults (10 %, 20 DKK, 25 % VAT, 30 DKK minimum, 5 bids), in DKK. */
export const DEFAULT_SETTINGS: PlatformSettingsValues = {
  feePercentage: defaultPlatformSettings.feePercentage,
  fixedFee: oreToDkk(defaultPlatformSettings.fixedFeeOre),
  vatPercentage: defaultPlatformSettings.vatPercentage,
  minFee: oreToDkk(defaultPlatformSettings.minFeeOre),
  maxBids: defaultPlatformSettings.maxBids,
};

export function valuesOf(settings: PlatformSettingsValues): PlatformSettingsValues {
  const { feePercentage, fixedFee, vatPercentage, minFee, maxBids } = settings;
  return { feePercentage, fixedFee, vatPercentage, minFee, maxBids };
}

export function getPlatformSettings(signal?: AbortSignal): Promise<PlatformSettingsJson> {
  return api.get<PlatformSettingsJson>('/admin/platform-settings', { signal });
}

export function savePlatformSettings(values: PlatformSettingsValues): Promise<PlatformSettingsJson> {
  return api.put<PlatformSettingsJson>('/admin/platform-settings', valuesOf(values));
}

/** PUT /admin/platform-settings; once saved the settings are asked again, so every screen reading them shows the new ones. */
export function useSavePlatformSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePlatformSettings,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.platformSettings() }),
  });
}
