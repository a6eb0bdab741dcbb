import '@/lib/zod-setup';
import { createRoot } from 'react-dom/client';
import { OptionsApp } from '@/components/options/options-app';
import { applyUiLanguage } from '@/lib/i18n';
import '@/components/theme.css';
import '@/components/options/options.css';

applyUiLanguage();
createRoot(document.getElementById('root')!).render(<OptionsApp />);
