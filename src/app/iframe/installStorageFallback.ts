// Imported first by main.tsx, before any module may read the storages (see ensureStorages).
import { ensureStorages } from "./storageFallback";

ensureStorages();
