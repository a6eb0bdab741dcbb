import { defineExtensionMessaging } from '@webext-core/messaging';
import type { ProtocolMap } from './protocol';

/**
 * Sending and receiving the extension's messages, on their own: a page that only sends (the popup)
 * imports this and not protocol.ts, whose schemas (messageRules) only the handling side needs, so
 * they stay out of its scripts. Every sender and receiver imports them from here.
 */
export const { sendMessage, onMessage } = defineExtensionMessaging<ProtocolMap>({ logger: undefined });
