import { useEffect, useState } from 'react';
import { sendMessage } from '@/lib/messaging/send';

/** The active tab's selection, asked for once when the popup opens; '' when there is none. */
export function useSelection(): string {
  const [text, setText] = useState('');
  useEffect(() => {
    void sendMessage('getSelectionText')
      .then((result) => result.ok && result.value && setText(result.value.text))
      .catch(() => undefined);
  }, []);
  return text;
}

/**
 * A text box's value that takes the selection when it arrives, unless the user typed first:
 * their own words are never overwritten.
 */
export function usePrefilledText(selection: string): [string, (value: string) => void] {
  const [state, setState] = useState({ text: '', touched: false });
  useEffect(() => {
    if (selection) setState((s) => (s.touched || s.text ? s : { text: selection, touched: false }));
  }, [selection]);
  return [state.text, (text) => setState({ text, touched: true })];
}
