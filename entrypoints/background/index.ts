import '@/lib/zod-setup';
import { browser } from 'wxt/browser';
import { getAccount, openDashboard } from '@/lib/background/account';
import { closeStorageToContentScripts } from '@/lib/background/lockdown';
import { lastSentAtClick } from '@/lib/background/reading/here-first';
import { clearApiKey, getServiceStatus, saveService } from '@/lib/background/service-config';
import { getVoices } from '@/lib/background/voices';
import { actingTab, ownTab, registerHandlers } from '@/lib/messaging/router';
import { scheduler } from '@/lib/background/service';
import { acceptOffer, endActionsWithTabs } from '@/lib/background/spend/gate';
import { cancelFetches } from '@/lib/background/reading/audio-fetch';
import { audioInMemory } from '@/lib/speech/cache';
import { toBase64 } from '@/lib/storage/base64';
import { watchPrivateWindows } from '@/lib/background/private-windows';
import { cancelConfirmedSpend, runConfirmedSpend } from '@/lib/background/spend/answers';
import { cancelDownload, recoverDownload, retryDownload } from '@/lib/background/download/download';
import { downloadFromPopup } from '@/lib/background/download/confirm';
import { offscreenExists } from '@/lib/background/reading/offscreen-host';
import { watchPlayer } from '@/lib/background/reading/player-watch';
import { activeTabSelection, downloadTextFromTab, resumeActiveTab } from '@/lib/background/tab-actions';
import { activeTabResumeOffer } from '@/lib/background/reading/resume';
import { ensureMenus, onCommand, onMenuClick, retitleWhenTargetChanges } from '@/lib/background/menus';
import { keepWriteTo } from '@/lib/background/translate-tab';
import { onTypedTrigger, watchTypedTriggerOption } from '@/lib/background/typed-trigger';
import { watchSiteAccess } from '@/lib/background/site-access';
import { cancelTranslation, currentTargetLanguage, translate } from '@/lib/background/translation';
import { moveLegacyStorage } from '@/lib/translate/legacy-storage';
import { updatePagePlayer, updateSettings } from '@/lib/settings/items';
import { estimatePageTranslation, stopPageTranslation, translatePageBlocks } from '@/lib/background/page-translation';
import { translateActiveTabPage } from '@/lib/background/translate-page-tab';
import { activeTabHasVideo, translateActiveTabCaptions } from '@/lib/background/captions-tab';
import { estimateCaptions, stopCaptions, translateCaptions, translateCaptionsInTab } from '@/lib/background/captions';
import { estimateCaptionsListen, speakCaption } from '@/lib/background/captions-speech';
import { saveCaptionsFile } from '@/lib/background/captions-download';
import { estimateCaptionsTrack, saveCaptionsTrack } from '@/lib/background/captions-track';
import { startsUnderWay } from '@/lib/background/reading/begun';
import { controlReading, getReadingState, jumpReading, setReadingSpeed, stopReadingOfTab } from '@/lib/background/reading/control';
import { handlePlayerEvent } from '@/lib/background/reading/follow';
import { fetchChunkForPlayer, getPlayerStats, recoverPlayer } from '@/lib/background/reading/host';
import { startReading } from '@/lib/background/reading/start';
import { readerReady, readInReader } from '@/lib/background/reader-tab';
import { claimReaderAction } from '@/lib/background/pdf-tab';
import { forgetPdfTab, openPdfTabInReader } from '@/lib/background/pdf-auto';
import { changeListenMode, listenToArticle, listenTranslated } from '@/lib/background/listen';
import { addGlossaryEntry } from '@/lib/background/glossary-add';
import { restoreGlossaryFromSync, restoreGlossaryWhenSynced, watchGlossarySync } from '@/lib/settings/glossary-sync';
import { welcomeOnInstall } from '@/lib/popup/welcome';

export default defineBackground(() => {
  void closeStorageToContentScripts();
  void recoverDownload();
  // Once, after the update that moved them: a failure leaves the old items for the next start.
  void moveLegacyStorage();
  // Chrome keeps menus across restarts; Firefox forgets those of a persistent background page.
  if (import.meta.env.FIREFOX) void ensureMenus();
  else browser.runtime.onInstalled.addListener(() => void ensureMenus());
  // The welcome page, once, on a new install (the test build too, as a user's browser would).
  browser.runtime.onInstalled.addListener((details) => void welcomeOnInstall(details));
  // The glossary follows the browser's account (sync storage, when it fits): kept there, and a new install gets it back.
  watchGlossarySync();
  browser.runtime.onInstalled.addListener((details) => void (details.reason === 'install' ? restoreGlossaryFromSync().catch(() => undefined) : undefined));
  // The account's copy often arrives after the install (Firefox after a reinstall, Chrome on a new machine): taken then, while the glossary is empty.
  restoreGlossaryWhenSynced();
  retitleWhenTargetChanges();
  // "Translate when I type three spaces" (an option, off by default): its script on every site, or none.
  watchTypedTriggerOption();
  // Which sites the user let us into, known at once for a menu click in another site's frame.
  watchSiteAccess();
  browser.contextMenus.onClicked.addListener((info, tab) => void onMenuClick(info, tab));
  // "Open every PDF in the Voxlate reader" (an option, off by default).
  browser.tabs.onUpdated.addListener((tabId, change, tab) => void openPdfTabInReader(tabId, change, tab));
  browser.tabs.onRemoved.addListener((tabId) => {
    void forgetPdfTab(tabId);
    // Its page (highlight, player) is gone: so is its reading, and nothing more is bought for it.
    void stopReadingOfTab(tabId).catch(() => undefined);
  });
  browser.commands.onCommand.addListener((command, tab) => void onCommand(command, tab));
  // What private windows kept (in memory) goes when the last one closes.
  watchPrivateWindows();
  // A tab closed or gone to another page: nothing it had asked for and not sent yet is sent.
  endActionsWithTabs();
  if (!import.meta.env.FIREFOX) {
    // Chrome closes a silent offscreen player by itself: a reading under way gets a new one.
    watchPlayer(offscreenExists, () => void recoverPlayer());
    void recoverPlayer();
  }

  registerHandlers({
    getServiceStatus: () => getServiceStatus(),
    saveService: (data) => saveService(data),
    clearApiKey: () => clearApiKey(),
    getAccount: (data) => getAccount(data?.refresh),
    getVoices: (data) => getVoices(data?.refresh),
    openOptions: () => browser.runtime.openOptionsPage(),
    openDashboard: () => openDashboard(),

    readText: ({ title, ...choices }) => startReading({ ...choices, title: title ?? '', tabId: null, frameId: null }),
    downloadText: ({ title, ...choices }) => downloadFromPopup({ ...choices, title: title ?? '', tabId: null }),
    listenText: ({ text, target }) => listenTranslated({ text, target, title: text.slice(0, 60), tabId: null, frameId: null, languageHint: null }, null),
    cancelDownload: ({ id }) => cancelDownload(id),
    retryDownload: ({ id }) => retryDownload(id),
    // A page's in-page player controls only its own tab's reading.
    readingControl: ({ action }, sender) => controlReading(action, actingTab(sender)),
    readingJump: ({ sentence }, sender) => jumpReading(sentence, actingTab(sender)),
    readingListenMode: ({ mode }, sender) => changeListenMode(mode, actingTab(sender)),
    listenPage: ({ target }, sender) => listenToArticle(ownTab(sender), target),
    savePlayerCorner: ({ corner }) => updatePagePlayer({ corner }),
    savePageTranslateCorner: ({ corner }) => updateSettings({ pageTranslateCorner: corner }).then(() => undefined),
    // The PDF reader in a tab: its document is there (the action it was opened for goes on), or its Read aloud button.
    readerOpened: ({ url }, sender) => claimReaderAction(ownTab(sender), url),
    readerReady: ({ hasText, url, claim }, sender) => readerReady(ownTab(sender), hasText, url, claim),
    readerRead: (_, sender) => readInReader(ownTab(sender)),
    readerDownload: (found, sender) => downloadTextFromTab(ownTab(sender), found),
    // A page (its in-page player) may change only the speed of the reading of its own tab.
    readingSetSpeed: ({ speed }, sender) => setReadingSpeed(speed, actingTab(sender)),
    // A question is answered where it was asked: a page's in its own tab, the popup's in the popup.
    confirmSpend: ({ token }, sender) => runConfirmedSpend(token, actingTab(sender) ?? null),
    cancelSpend: ({ token }, sender) => cancelConfirmedSpend(token, actingTab(sender) ?? null),
    getReadingState: () => getReadingState(),

    // Only a page's bubble is answered in its tab; the popup (even opened as a tab) hears through storage.
    translate: (input, sender) => translate(input, actingTab(sender), sender.frameId),
    cancelTranslation: ({ requestId }, sender) => cancelTranslation(requestId, actingTab(sender)),
    rememberWriteTo: ({ target }, sender) => keepWriteTo(ownTab(sender), target),
    // A page's glossary form: "only on this site" is its own tab's site.
    addGlossaryEntry: (ask, sender) => addGlossaryEntry(ask, ownTab(sender)),
    typedTrigger: (_, sender) => onTypedTrigger(sender),
    speakText: ({ text, language }, sender) =>
      startReading({ text, language, title: text.slice(0, 60), tabId: sender.tabId ?? null, frameId: sender.frameId ?? null, highlight: false }),
    getTargetLanguage: () => currentTargetLanguage(),
    translatePage: () => translateActiveTabPage(),
    activeTabHasVideo: () => activeTabHasVideo(),
    translateTabCaptions: () => translateActiveTabCaptions(),
    // A page asks, spends and stops only for its own tab; what it may spend is the spend gate's.
    estimatePageTranslation: ({ target, blocks, screen, first }, sender) => estimatePageTranslation(target, blocks, screen, ownTab(sender), first),
    translatePageBlocks: ({ target, blocks }, sender) => translatePageBlocks(target, blocks, ownTab(sender)),
    acceptSpendOffer: ({ offer }, sender) => acceptOffer(offer, ownTab(sender)),
    pageTranslateStop: ({ end }, sender) => stopPageTranslation(ownTab(sender), end),
    translatePageCaptions: (_, sender) => translateCaptionsInTab({ id: ownTab(sender) }, 0, {}),
    // A page's captions: estimated, translated and stopped for its own tab only.
    captionsEstimate: ({ cues, duration }, sender) => estimateCaptions(cues, duration, ownTab(sender)),
    captionsTranslate: ({ target, texts }, sender) => translateCaptions(target, texts, ownTab(sender)),
    captionsStop: ({ end }, sender) => stopCaptions(ownTab(sender), end),
    captionsListenEstimate: ({ cues, duration }, sender) => estimateCaptionsListen(cues, duration, ownTab(sender)),
    captionsSpeak: ({ target, text }, sender) => speakCaption(target, text, ownTab(sender)),
    captionsDownload: ({ format, text, title, target }, sender) => saveCaptionsFile(format, text, title, target, ownTab(sender)),
    captionsTrackEstimate: ({ cues }, sender) => estimateCaptionsTrack(cues, ownTab(sender)),
    captionsTrackSave: ({ target, parts, length, title }, sender) => saveCaptionsTrack(target, parts, length, title, ownTab(sender)),
    getSelectionText: () => activeTabSelection(),
    getResumeOffer: () => activeTabResumeOffer(),
    resumePage: () => resumeActiveTab(),

    fetchChunk: (request) => fetchChunkForPlayer(request),
    cancelFetches: ({ sessionId, chunks }) => cancelFetches(sessionId, chunks),
    audioInMemory: ({ cacheKey }) => {
      const kept = audioInMemory(cacheKey);
      return kept ? toBase64(kept.audio) : null;
    },
    playerEvent: (event) => handlePlayerEvent(event),
  });

  if (__VOXLATE_TEST_HOOKS__) {
    // Tests call exactly what a menu click or a shortcut calls (they cannot be clicked headless).
    // And what the service scheduler holds: requests with the service, and those waiting their turn (and what it counts as started);
    // the text of the last request a reading "from here" sent at the click; and how many readings are still starting.
    Object.assign(globalThis, {
      voxlateTestHooks: {
        onMenuClick,
        onCommand,
        requestsUnderWay: () => ({ active: scheduler.active, waiting: scheduler.pending }),
        // Counts requests as started just now (the plan's minute used up elsewhere), as a restarted worker does its last life's.
        seedRateHistory: (starts: number[]) => scheduler.seedHistory(starts),
        sentAtClick: lastSentAtClick,
        startsUnderWay,
      },
    });
    // The player's own figures, for the benchmark and tests only.
    registerHandlers({ getPlayerStats: () => getPlayerStats() });
  }
});
