import '@fontsource/noto-nastaliq-urdu/arabic-400.css';
import './customer.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CustomerApp } from './customer-app';

/**
 * The customer pages (spec §2.1 public routes): their own small entry, so a patient on a cheap
 * phone never downloads the staff console (25 kB of gzipped JavaScript on Preact, ADR 0039, 0070).
 */
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <CustomerApp />
    </StrictMode>,
  );
}
