"""Canned answers of the scenario server (scripts/scenario_server.py): fixed business
envelopes, bare strings and HTML pages, for the decoding and error-mapping tests.

  Business envelopes (shop backend: {succeed, code, msg, data})
  ANY  /envelope/shop/ok               succeed true, code 0, msg "查询成功", data = a goods object
  ANY  /envelope/shop/fail             succeed false, code 919, msg "库存不足" (no data)
                                       (alias: /mallOrder/create, the demo's order)
  ANY  /envelope/shop/succeed-false    code 0 but succeed false, msg "操作失败", data null
  ANY  /envelope/shop/nodata           succeed true, code 0, no "data" key
  ANY  /envelope/shop/null-data        succeed true, code 0, "data": null
  ANY  /envelope/shop/wrong-shape      succeed true, code 0, data is a string where an object is expected
  ANY  /envelope/shop/token            succeed true, code 0, data is the string token "token-abc123"
  ANY  /envelope/shop/http404-in-json  HTTP 200 with {"code":404,"msg":"Not Found"}
  Ranking API ({resultcode (a STRING), reason, result, error_code})
  ANY  /envelope/rank?area=CN          resultcode "200", reason "success", result = [one film]
                                       (alias: /boxoffice/rank); area and key are accepted, not checked
  ANY  /envelope/rank/fail             resultcode "112", reason "超过每日可允许请求次数!"
  ANY  /envelope/resultcode-int        {"resultCode":200,"resultMsg":"查询成功","data":{"name":"x"}}
  Live-room app ({code, msg, data})
  POST /envelope/live/hot              {"code":0,"msg":"ok","data":[{"roomId":1,"title":"Room 1","online":321}]}
                                       (alias: POST /Room/GetHotLive_v2)
  ANY  /envelope/live/login-required   {"code":-1,"msg":"请登录!"}
  POST /Room/Follow                    {"code":-1,"msg":"请登录!"} (the demo's follow button)
  ANY  /envelope/nested                {"code":0,"msg":"ok","result":{"list":[1,2,3]}}

  Bare strings and HTML (not JSON)
  ANY  /bare/please-login              200 text/plain "please to login"
  ANY  /bare/unauthorized              200 text/plain "Request failed: unauthorized (401)"
  ANY  /bare/token-expired             200 text/plain "This request token is expired"
  ANY  /mallCart/list                  200 text/plain "please to login" (the demo's cart)
  ANY  /html/500                       500 text/html error page
  ANY  /html/200                       200 text/html page
"""

from __future__ import annotations

from scenario_handler import HTML_TYPE

SHOP_GOODS = {
    "id": 7,
    "categoryId": 3,
    "productName": "Tea",
    "introduction": "Green tea",
    "imgId": "img-7",
    "price": 12.5,
    "priceUnit": "CNY",
}

ENVELOPES = {
    "/envelope/shop/ok": {"succeed": True, "code": 0, "msg": "查询成功", "data": SHOP_GOODS},
    "/envelope/shop/fail": {"succeed": False, "code": 919, "msg": "库存不足"},
    "/envelope/shop/succeed-false": {"succeed": False, "code": 0, "msg": "操作失败", "data": None},
    "/envelope/shop/nodata": {"succeed": True, "code": 0, "msg": "查询成功"},
    "/envelope/shop/null-data": {"succeed": True, "code": 0, "msg": "查询成功", "data": None},
    "/envelope/shop/wrong-shape": {"succeed": True, "code": 0, "msg": "查询成功", "data": "not-an-object"},
    "/envelope/shop/token": {"succeed": True, "code": 0, "msg": "登录成功", "data": "token-abc123"},
    "/envelope/shop/http404-in-json": {"code": 404, "msg": "Not Found"},
    "/envelope/rank": {
        "resultcode": "200",
        "reason": "success",
        "result": [{"rid": "1", "name": "Film", "wk": "week", "wboxoffice": "1.2亿", "tboxoffice": "3.4亿"}],
        "error_code": 0,
    },
    "/envelope/rank/fail": {"resultcode": "112", "reason": "超过每日可允许请求次数!", "result": None, "error_code": 10012},
    "/envelope/resultcode-int": {"resultCode": 200, "resultMsg": "查询成功", "data": {"name": "x"}},
    "/envelope/live/login-required": {"code": -1, "msg": "请登录!"},
    "/envelope/nested": {"code": 0, "msg": "ok", "result": {"list": [1, 2, 3]}},
}
ENVELOPE_ALIASES = {"/boxoffice/rank": "/envelope/rank", "/mallOrder/create": "/envelope/shop/fail"}
LIVE_HOT = {"code": 0, "msg": "ok", "data": [{"roomId": 1, "title": "Room 1", "online": 321}]}

BARE = {
    "/bare/please-login": "please to login",
    "/bare/unauthorized": "Request failed: unauthorized (401)",
    "/bare/token-expired": "This request token is expired",
    "/mallCart/list": "please to login",
}

HTML_500 = (
    "<!DOCTYPE html>\n<html><head><title>500 Internal Server Error</title></head>\n"
    "<body><h1>Internal Server Error</h1><p>The server encountered an internal error "
    "and was unable to complete your request.</p></body></html>\n"
)
HTML_200 = (
    "<!DOCTYPE html>\n<html><head><title>Courier scenario</title></head>\n"
    "<body><h1>Hello</h1><p>This is an HTML page, not JSON.</p></body></html>\n"
)


def route(handler, path: str) -> bool:
    """Answers `path` on `handler` (the scenario server's request handler) when it is a canned
    route (aliases already resolved through ENVELOPE_ALIASES); returns False when it is not."""
    if path in ("/envelope/live/hot", "/Room/GetHotLive_v2"):
        if handler.allow("POST"):
            handler.send_json(LIVE_HOT)
    elif path == "/Room/Follow":
        if handler.allow("POST"):
            handler.send_json(ENVELOPES["/envelope/live/login-required"])
    elif path in ENVELOPES:
        handler.send_json(ENVELOPES[path])
    elif path in BARE:
        handler.send_text(BARE[path])
    elif path == "/html/500":
        handler.send_text(HTML_500, status=500, content_type=HTML_TYPE)
    elif path == "/html/200":
        handler.send_text(HTML_200, content_type=HTML_TYPE)
    else:
        return False
    return True
