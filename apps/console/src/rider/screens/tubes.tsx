import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/i18n';

export const TUBES_MAX = 10;

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** Tube barcodes (CLSI AUTO02: Code 128) and the other symbologies analysers read. */
const FORMATS = ['code_128', 'code_39', 'codabar', 'itf', 'ean_13', 'qr_code', 'data_matrix'];

export const canScan = () => typeof window !== 'undefined' && 'BarcodeDetector' in window;

/**
 * The phone's camera reading barcodes with the browser's BarcodeDetector (Chrome on Android);
 * each new label read is handed up once.
 */
function Scanner({ onLabel, onFail }: { onLabel: (l: string) => void; onFail: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      try {
        const Ctor = (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector;
        const detector = new Ctor({ formats: FORMATS });
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
        });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const tick = async () => {
          if (stopped || !video.current) return;
          try {
            for (const code of await detector.detect(video.current)) onLabel(code.rawValue.trim());
          } catch {
            // A frame that could not be read: try the next.
          }
          timer = setTimeout(tick, 300);
        };
        void tick();
      } catch {
        onFail();
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onLabel, onFail]);
  return <video ref={video} className="r-video" muted playsInline />;
}

/**
 * A list of tube labels: scanned with the camera where the phone can, typed otherwise (always
 * possible, for a label the camera cannot read).
 */
export function TubeLabels({
  labels,
  onChange,
  max = TUBES_MAX,
  testId,
}: {
  labels: readonly string[];
  onChange: (labels: string[]) => void;
  max?: number;
  testId?: string;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const [scanning, setScanning] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const latest = useRef(labels);
  latest.current = labels;

  const add = (raw: string) => {
    const label = raw.trim();
    if (!label) return;
    if (latest.current.includes(label)) {
      setNote(t.tubesDuplicate);
      return;
    }
    if (latest.current.length >= max) {
      setNote(t.tubesMax);
      return;
    }
    setNote(null);
    navigator.vibrate?.(60);
    onChange([...latest.current, label]);
  };
  const addRef = useRef(add);
  addRef.current = add;
  const onLabel = useRef((l: string) => addRef.current(l)).current;
  const onFail = useRef(() => {
    setScanning(false);
    setNote(t.cameraUnavailable);
  }).current;

  return (
    <div className="r-tubes" data-testid={testId}>
      {canScan() && (
        <button type="button" className="r-secondary" onClick={() => setScanning((s) => !s)}>
          {scanning ? t.stopScan : t.scan}
        </button>
      )}
      {scanning && <Scanner onLabel={onLabel} onFail={onFail} />}
      <form
        className="r-row"
        onSubmit={(e) => {
          e.preventDefault();
          add(text);
          setText('');
        }}
      >
        <label className="r-field r-grow">
          <span>{t.typeLabel}</span>
          <input
            value={text}
            dir="ltr"
            autoCapitalize="characters"
            autoComplete="off"
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <button type="submit" className="r-secondary">
          {t.addLabel}
        </button>
      </form>
      {note && (
        <p className="r-error" role="status">
          {note}
        </p>
      )}
      <ul className="r-labels" aria-label={t.labelsCount(labels.length)}>
        {labels.map((l) => (
          <li key={l}>
            <span dir="ltr">{l}</span>
            <button
              type="button"
              className="r-icon"
              aria-label={t.removeLabel(l)}
              onClick={() => onChange(labels.filter((x) => x !== l))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
