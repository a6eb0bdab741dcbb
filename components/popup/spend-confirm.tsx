import { t } from '@/lib/i18n';
import type { SpendQuestion } from '@/lib/messaging/protocol';

interface Props {
  /** What the background said the action would cost, and the user's threshold. */
  estimate: Pick<SpendQuestion, 'credits' | 'learned' | 'limit'>;
  /** What agreeing does: play (default) or download. */
  action?: 'play' | 'download';
  onConfirm: () => void;
  onCancel: () => void;
}

/** "This costs about N credits, more than you asked to confirm": play it anyway, or not. */
export function SpendConfirm({ estimate, action = 'play', onConfirm, onCancel }: Props) {
  const cost = t(estimate.learned ? 'spendAbout' : 'spendUpTo', estimate.credits.toLocaleString());
  const message = t('spendConfirmMessage', [cost, estimate.limit.toLocaleString()]);
  return (
    <div className="notice" role="group" aria-label={message}>
      <p>{message}</p>
      <div className="actions">
        <button type="button" className="primary" onClick={onConfirm}>
          {t(action === 'play' ? 'spendConfirmPlay' : 'spendConfirmDownload', cost)}
        </button>
        <button type="button" onClick={onCancel}>
          {t('optionsCancel')}
        </button>
      </div>
    </div>
  );
}
