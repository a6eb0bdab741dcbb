import '@/lib/zod-setup';
import { startReader } from '@/lib/reader/app';

void startReader(document);
