import '@/lib/zod-setup';
import { createRoot } from 'react-dom/client';
import { OptionsApp } from '@/components/options-app';
import '@/components/theme.css';

document.documentElement.lang = navigator.language;
createRoot(document.getElementById('root')!).render(<OptionsApp />);
