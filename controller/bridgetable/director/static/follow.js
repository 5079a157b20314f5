// A live page: on each event the station names (data-events, from /events), fetch the page's
// fragment (data-fragment) again into its place (data-target).
"use strict";
const follow = document.currentScript.dataset;
var source = new EventSource("/events");  // var: the browser tests look for it
for (const what of follow.events.split(" ")) {
  source.addEventListener(what, async () => {
    const reply = await fetch(follow.fragment);
    document.getElementById(follow.target).innerHTML = await reply.text();
  });
}
