import { filterFaqs } from '@dastak/core/rules/help-docs';
import { Accordion, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FAQS } from '../faqs';
import { MarkdownView } from './markdown-view';

/**
 * /faqs: the questions of docs/faqs/*.md. The search keeps the questions holding every
 * word typed, in the question or its answer, as one types; it lives in the query string (?q=) so
 * a link can share it. A search opens the answers it finds.
 */
export function FaqsPage() {
  useDocumentTitle('FAQs · Dastak');
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const matches = useMemo(() => filterFaqs(FAQS, query), [query]);
  const [opened, setOpened] = useState<string[]>(() =>
    query.trim() ? matches.map((faq) => faq.slug) : [],
  );

  const search = (next: string) => {
    setParams(next ? { q: next } : {}, { replace: true });
    setOpened(next.trim() ? filterFaqs(FAQS, next).map((faq) => faq.slug) : []);
  };

  return (
    <Stack gap="lg" p="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          FAQs
        </Title>
        <Text c="dimmed" size="sm">
          How to do the everyday work in Dastak. Each answer links to the screen it describes.
        </Text>
      </Stack>
      <TextInput
        aria-label="Search the FAQs"
        placeholder="Search questions and answers"
        type="search"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(event) => search(event.currentTarget.value)}
        maw={420}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {query.trim()
          ? `${matches.length} of ${FAQS.length} questions match`
          : `${FAQS.length} questions`}
      </Text>
      {matches.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Text size="sm">No question matches "{query.trim()}". Try fewer or other words.</Text>
        </Paper>
      ) : (
        <Accordion
          multiple
          variant="separated"
          radius="md"
          order={2}
          value={opened}
          onChange={setOpened}
        >
          {matches.map((faq) => (
            <Accordion.Item key={faq.slug} value={faq.slug}>
              <Accordion.Control>
                <Text fw={600}>{faq.question}</Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  <MarkdownView blocks={faq.answer} headingOffset={1} />
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
