import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyBrandToDocument } from './lib/brand/apply-brand';
import { resolveBrand } from './lib/brand/resolve-brand';
import { initI18n } from './lib/i18n';

const brandSetting = resolveBrand(window.location.hostname);
applyBrandToDocument(brandSetting.brand);
await initI18n();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App brandSetting={brandSetting} />
  </StrictMode>,
);
