import { ISSUE_REPORT_LIMITS } from '@dastak/core/constants';
import { ISSUE_REPORT_MESSAGES } from '@dastak/core/messages/issue-reports';

/**
 * The console's first look at a chosen screenshot, so the user hears at once what the server
 * would refuse: the size, and the first bytes of a PNG or JPEG (never the name or the browser's
 * guess at the type). The server checks the whole header again.
 */
export async function screenshotFileError(file: File): Promise<string | null> {
  if (file.size > ISSUE_REPORT_LIMITS.SCREENSHOT_MAX_BYTES) {
    return ISSUE_REPORT_MESSAGES.SCREENSHOT_TOO_LARGE;
  }
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b);
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  return png || jpeg ? null : ISSUE_REPORT_MESSAGES.SCREENSHOT_TYPE;
}

/** The file as a data: URL (base64), the form the create body carries it in. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
