import en from '../../public/_locales/en/messages.json';
import type { BubbleLabels } from './labels';

/** An English message as the content script passes it: `{name}` where its $NAME$ placeholder is. */
const message = (key: keyof typeof en) => en[key].message.replace(/\$([A-Z0-9_]+)\$/g, (_, name: string) => `{${name.toLowerCase()}}`);

/** The bubble's English labels, from public/_locales/en as the content script builds them. */
export const ENGLISH_BUBBLE_LABELS: BubbleLabels = {
  dialog: message('bubbleDialog'),
  close: message('bubbleClose'),
  target: message('bubbleTarget'),
  waiting: message('bubbleWaiting'),
  detected: message('bubbleDetected'),
  costOne: message('bubbleCostOne'),
  cost: message('bubbleCost'),
  balance: message('bubbleBalance'),
  fromCache: message('bubbleFromCache'),
  copy: message('bubbleCopy'),
  copied: message('bubbleCopied'),
  listen: message('bubbleListen'),
  replace: message('bubbleReplace'),
  confirmCostOne: message('bubbleConfirmCostOne'),
  confirmCost: message('bubbleConfirmCost'),
  confirm: message('bubbleConfirm'),
  cancel: message('bubbleCancel'),
};
