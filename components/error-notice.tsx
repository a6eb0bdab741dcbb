import type { SerializedServiceError } from '@/lib/api/errors';

/** Shows an error a person can act on; the message already says what happened and what to do. */
export function ErrorNotice({ error, action }: { error: SerializedServiceError; action?: React.ReactNode }) {
  return (
    <div className="notice error" role="alert">
      <p style={{ margin: 0 }}>{error.message}</p>
      {action ? <div className="actions">{action}</div> : null}
    </div>
  );
}
