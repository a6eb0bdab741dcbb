import { FormatSelect, SpeedInput } from '../speech-fields';
import type { Settings } from '@/lib/settings/schema';

/** Speed and format; they are the user's defaults, so changing them here changes them everywhere. */
export function SpeechOptions({ speed, format, onChange }: {
  speed: number;
  format: Settings['format'];
  onChange: (patch: Partial<Settings>) => void;
}) {
  return (
    <div className="row filters">
      <div className="grow">
        <SpeedInput id="speak-speed" value={speed} onChange={(value) => onChange({ speed: value })} />
      </div>
      <div>
        <FormatSelect id="speak-format" value={format} onChange={(value) => onChange({ format: value })} />
      </div>
    </div>
  );
}
