import { z } from "zod";

// The CSP forbids eval: zod must not try `new Function` (its JIT probe is a CSP violation report).
z.config({ jitless: true });
