/**
 * Every site, as the options that need it ask for it (the typed trigger, opening every PDF in the
 * reader): optional in the manifest, asked for only when the user turns such an option on.
 */
export const EVERY_SITE = ['http://*/*', 'https://*/*'];
