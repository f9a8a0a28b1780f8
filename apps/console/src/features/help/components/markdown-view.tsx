import type { MdBlock, MdInline } from '@dastak/core/rules/markdown';
import { Anchor, Code, List, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/**
 * Draws core's Markdown tree with React elements, so the text is always escaped (no
 * dangerouslySetInnerHTML). A console path becomes a router link; an outside address opens in a
 * new tab. Headings in a document start at `headingOffset` levels below the page's own title.
 */
export function MarkdownView({
  blocks,
  headingOffset = 1,
}: {
  blocks: MdBlock[];
  headingOffset?: number;
}) {
  return (
    <>
      {blocks.map((block, index) => (
        // The blocks of a document never reorder, so their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: static document
        <MarkdownBlock key={index} block={block} headingOffset={headingOffset} />
      ))}
    </>
  );
}

function MarkdownBlock({ block, headingOffset }: { block: MdBlock; headingOffset: number }) {
  switch (block.kind) {
    case 'heading': {
      const order = Math.min(6, block.level + headingOffset) as 1 | 2 | 3 | 4 | 5 | 6;
      return (
        <Title order={order} fz={order <= 3 ? 'h4' : 'h5'} mt="sm">
          <Inlines nodes={block.children} />
        </Title>
      );
    }
    case 'paragraph':
      return (
        <Text size="sm">
          <Inlines nodes={block.children} />
        </Text>
      );
    case 'list':
      return (
        <List
          type={block.ordered ? 'ordered' : 'unordered'}
          start={block.ordered ? block.start : undefined}
          size="sm"
          spacing={4}
          withPadding
        >
          {block.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static document
            <List.Item key={index}>
              <Inlines nodes={item} />
            </List.Item>
          ))}
        </List>
      );
    case 'code':
      return <Code block>{block.text}</Code>;
  }
}

function Inlines({ nodes }: { nodes: MdInline[] }) {
  return (
    <>
      {nodes.map((node, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static document
        <InlineNode key={index} node={node} />
      ))}
    </>
  );
}

function InlineNode({ node }: { node: MdInline }) {
  switch (node.kind) {
    case 'text':
      return <>{node.text}</>;
    case 'code':
      return <Code>{node.text}</Code>;
    case 'strong':
      return (
        <strong>
          <Inlines nodes={node.children} />
        </strong>
      );
    case 'em':
      return (
        <em>
          <Inlines nodes={node.children} />
        </em>
      );
    case 'link':
      return node.internal ? (
        <Anchor component={Link} to={node.href} inherit underline="always">
          <Inlines nodes={node.children} />
        </Anchor>
      ) : (
        <Anchor
          href={node.href}
          target="_blank"
          rel="noopener noreferrer"
          inherit
          underline="always"
        >
          <Inlines nodes={node.children} />
        </Anchor>
      );
  }
}
