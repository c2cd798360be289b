import { App } from "./app/app.tsx";
import { firstScreenReady, hasPrerenderedScreen } from "./app/first-screen.ts";
import { createAppQueryClient } from "./app/provider.tsx";
import { createRouter } from "./app/router.tsx";
import { mount } from "./mount.tsx";

const router = createRouter();
const queryClient = createAppQueryClient();
// A screen the build drew (the sign-in page, the loading frame) stays until the app can show its own.
if (hasPrerenderedScreen()) await firstScreenReady(router, queryClient);
mount(<App router={router} queryClient={queryClient} />);
