// The live pages: on each event the station names (data-events), fetch the page's fragment
// again into its place (data-fragment, data-target), or reload the page when it has none; and
// every data-every seconds when the page says so (the table status: its round clock runs on).
const live = document.currentScript.dataset;
var source = new EventSource("/events");  // var: the browser tests look for it
async function refresh() {
  if (!live.fragment) {
    location.reload();
    return;
  }
  const reply = await fetch(live.fragment);
  document.getElementById(live.target).innerHTML = await reply.text();
}
for (const what of live.events.split(" ")) {
  source.addEventListener(what, refresh);
}
if (live.every) {
  setInterval(refresh, Number(live.every) * 1000);
}
