// Applies the saved theme, else the system preference, before the page paints.
(function () {
  try {
    var saved = localStorage.getItem("flowdeck-theme");
    var dark = saved ? saved === "dark" : window.matchMedia("(prefers-color-scheme: dark)").matches;
    document.documentElement.classList.toggle("dark", dark);
    document.documentElement.style.colorScheme = dark ? "dark" : "light";
  } catch {
    /* storage unavailable: keep the light theme */
  }
})();
