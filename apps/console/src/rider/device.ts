// The version the server serves and compares pings with (core, ADR 0062): one constant for both.
import { RIDER_APP_VERSION } from '@dastak/core/constants';

/**
 * What the phone tells the dispatcher with each ping: battery, whether it is online, its model
 * and the app version (ADR 0010). Each part only where the browser offers it.
 */

type BatteryManager = { level: number };
type UaData = {
  platform?: string;
  getHighEntropyValues?: (hints: string[]) => Promise<{ model?: string; platform?: string }>;
};

let battery: BatteryManager | null = null;
let model: string | null = null;

/** Reads what is slow to read once (battery, model); pings use the cached values. */
export async function readDevice(): Promise<void> {
  const nav = navigator as Navigator & {
    getBattery?: () => Promise<BatteryManager>;
    userAgentData?: UaData;
  };
  try {
    battery = nav.getBattery ? await nav.getBattery() : null;
  } catch {
    battery = null;
  }
  try {
    const hints = await nav.userAgentData?.getHighEntropyValues?.(['model', 'platform']);
    model = [hints?.platform, hints?.model].filter(Boolean).join(' ') || null;
  } catch {
    model = null;
  }
  // Android's user agent names the model: 'Linux; Android 13; SM-A145F'.
  model ??= /Android [^;)]*;\s*([^;)]+)/.exec(navigator.userAgent)?.[1]?.trim() ?? null;
  model ??= navigator.userAgent.slice(0, 100);
}

export function deviceFields() {
  return {
    battery: battery ? Math.round(battery.level * 100) : undefined,
    networkState: navigator.onLine,
    appVersion: RIDER_APP_VERSION,
    mobileModel: model?.slice(0, 100) || undefined,
  };
}
