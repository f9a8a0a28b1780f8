import { type Faq, parseFaq } from '@dastak/core/rules/help-docs';

// docs/faqs/*.md, bundled as text into the FAQs chunk only. A numeric prefix orders the files
// ('01-booking-an-order.md'); the slug drops it.
const files = import.meta.glob<string>('../../../../../docs/faqs/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export const FAQS: Faq[] = Object.keys(files)
  .sort()
  .map((path) => {
    const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/, '');
    return parseFaq(name.replace(/^\d+-/, ''), files[path]!);
  });
