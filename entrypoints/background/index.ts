import { getAccount } from '@/lib/background/account';
import { closeStorageToContentScripts } from '@/lib/background/lockdown';
import { clearApiKey, getServiceStatus, saveService } from '@/lib/background/service-config';
import { getVoices } from '@/lib/background/voices';
import { registerHandlers } from '@/lib/messaging/router';

export default defineBackground(() => {
  void closeStorageToContentScripts();
  registerHandlers({
    getServiceStatus: () => getServiceStatus(),
    saveService: (data) => saveService(data),
    clearApiKey: () => clearApiKey(),
    getAccount: (data) => getAccount(data?.refresh),
    getVoices: (data) => getVoices(data?.refresh),
  });
});
