import { z } from 'zod';
import type { PlatformSettingsValues } from './platform-settings-api';

/**
 * Spec section 7: when the fee API is unavailable, platform settings are kept locally. They live in this
 * browser's localStorage only — no other admin sees them and no price uses them until they are saved on the server.
 */
export const LOCAL_SETTINGS_KEY = 'fragtbud.admin.platformSettings';

const localSettingsSchema = z.object({
  settings: z.object({
    feePercentage: z.number(),
    fixedFee: z.number(),
    vatPercentage: z.number(),
    minFee: z.number(),
    maxBids: z.number(),
  }),
  savedAt: z.string(),
});

export type LocalSettings = z.infer<typeof localSettingsSchema>;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked (privacy settings)
  }
}

export function readLocalSettings(): LocalSettings | null {
  try {
    const text = storage()?.getItem(LOCAL_SETTINGS_KEY);
    if (!text) return null;
    const parsed = localSettingsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps the settings in this browser; null when the browser refuses (storage full or blocked). */
export function writeLocalSettings(settings: PlatformSettingsValues, now = new Date()): LocalSettings | null {
  const entry: LocalSettings = { settings, savedAt: now.toISOString() };
  try {
    const target = storage();
    if (!target) return null;
    target.setItem(LOCAL_SETTINGS_KEY, JSON.stringify(entry));
    return entry;
  } catch {
    return null;
  }
}

export function clearLocalSettings(): void {
  try {
    storage()?.removeItem(LOCAL_SETTINGS_KEY);
  } catch {
    // nothing kept, nothing to clear
  }
}
