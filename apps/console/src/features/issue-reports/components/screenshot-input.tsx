import { ISSUE_REPORT_LIMITS } from '@dastak/core/constants';
import { FileInput, Image, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { screenshotFileError } from '../screenshot-file';

const MAX_MB = ISSUE_REPORT_LIMITS.SCREENSHOT_MAX_BYTES / (1024 * 1024);

/** An optional screenshot: PNG or JPEG up to 5 MB, previewed once chosen. */
export function ScreenshotInput({
  value,
  onChange,
  error,
  onError,
}: {
  value: File | null;
  onChange: (file: File | null) => void;
  /** The server's or this input's message about the file. */
  error?: string;
  onError: (message: string | undefined) => void;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!value) return setPreview(null);
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const choose = async (file: File | null) => {
    onError(undefined);
    if (!file) return onChange(null);
    const problem = await screenshotFileError(file);
    if (problem) {
      onChange(null);
      return onError(problem);
    }
    onChange(file);
  };

  return (
    <Stack gap={6}>
      <FileInput
        label="Screenshot"
        description={`Optional. PNG or JPEG, up to ${MAX_MB} MB.`}
        placeholder="Choose an image"
        accept={ISSUE_REPORT_LIMITS.SCREENSHOT_TYPES.join(',')}
        leftSection={<IconPhoto size={16} aria-hidden />}
        value={value}
        onChange={choose}
        error={error}
        clearable
        clearButtonProps={{ 'aria-label': 'Remove screenshot' }}
      />
      {preview && value && (
        <Stack gap={2}>
          <Image
            src={preview}
            alt="Screenshot preview"
            mah={180}
            fit="contain"
            radius="sm"
            bd="1px solid var(--mantine-color-gray-3)"
          />
          <Text size="xs" c="dimmed">
            {value.name} · {(value.size / 1024).toFixed(0)} KB
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
