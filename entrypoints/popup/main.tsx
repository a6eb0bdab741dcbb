import '@/lib/zod-setup';
import { createRoot } from 'react-dom/client';
import { PopupApp } from '@/components/popup-app';
import '@/components/theme.css';

document.documentElement.lang = navigator.language;
createRoot(document.getElementById('root')!).render(<PopupApp />);
