import '@/lib/zod-setup';
import { createRoot } from 'react-dom/client';
import { WelcomeApp } from '@/components/welcome/welcome-app';
import { applyUiLanguage } from '@/lib/i18n';
import '@/components/theme.css';
import '@/components/options/options.css';
import '@/components/welcome/welcome.css';

applyUiLanguage();
createRoot(document.getElementById('root')!).render(<WelcomeApp />);
