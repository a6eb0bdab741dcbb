import { SpeakPanel } from './speak-panel';

/** The toolbar popup. */
export function PopupApp() {
  return (
    <main style={{ width: 380, padding: '1em' }}>
      <SpeakPanel />
    </main>
  );
}
