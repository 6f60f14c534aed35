import express from "express";

/**
 * The floor of any Express gateway on this machine: an Express app that parses the JSON body and
 * answers a stored response body, with nothing else (no auth, no validation, no Redis).
 */
const body = JSON.stringify({
  answerText: "Acme Robotics builds warehouse robots.",
  answerNumber: null,
  details: "x".repeat(600),
  sources: ["https://acme.example/about"],
  confidence: 0.9,
});
const app = express();
app.disable("x-powered-by");
app.set("etag", false);
app.post("/v1/research/company", express.json(), (_request, response) => {
  response.status(200).type("application/json").send(body);
});
app.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));
