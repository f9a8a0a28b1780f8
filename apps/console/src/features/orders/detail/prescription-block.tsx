import type { Order } from '@dastak/core/entities/orders';
import { Anchor, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { DetailCard } from './detail-card';

export const PDF_FALLBACK_TEXT = 'Your browser does not support PDFs. Please download the PDF.';

function PdfFile({ url, index }: { url: string; index: number }) {
  return (
    <Stack gap={4}>
      <object
        data={url}
        type="application/pdf"
        width="100%"
        height={360}
        aria-label={`Prescription ${index + 1} (PDF)`}
      >
        <Text size="sm">{PDF_FALLBACK_TEXT}</Text>
        <Anchor href={url} download size="sm">
          Download PDF
        </Anchor>
      </object>
    </Stack>
  );
}

function ImageFile({ url, index }: { url: string; index: number }) {
  return (
    <Anchor href={url} target="_blank" rel="noreferrer">
      <Image
        src={url}
        alt={`Prescription ${index + 1}`}
        h={220}
        fit="contain"
        radius="sm"
        bg="gray.1"
      />
    </Anchor>
  );
}

/** Prescription files (images, or PDFs with the fallback text), or a single image (spec §2.6). */
export function PrescriptionBlock({ order }: { order: Order }) {
  const files =
    order.prescriptionFiles.length > 0
      ? order.prescriptionFiles
      : order.prescriptionImage
        ? [{ url: order.prescriptionImage, kind: 'image' as const }]
        : [];
  return (
    <DetailCard title="Prescription">
      {files.length === 0 ? (
        <Text size="sm" c="dimmed">
          No prescription
        </Text>
      ) : (
        <SimpleGrid cols={files.length === 1 ? 1 : 2} spacing="sm">
          {files.map((file, index) =>
            file.kind === 'pdf' ? (
              <PdfFile key={file.url} url={file.url} index={index} />
            ) : (
              <ImageFile key={file.url} url={file.url} index={index} />
            ),
          )}
        </SimpleGrid>
      )}
    </DetailCard>
  );
}
