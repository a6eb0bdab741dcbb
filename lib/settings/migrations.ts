/**
 * Settings versions. Each migration turns version N-1's stored value into version N's and throws
 * when it cannot (WXT then keeps the old value and version, so nothing is lost or half-migrated).
 * Every version has a frozen example in ./fixtures and a test that migrates it to the latest.
 */
export const SETTINGS_VERSION = 1;

export const settingsMigrations: Record<number, (old: unknown) => unknown> = {};
