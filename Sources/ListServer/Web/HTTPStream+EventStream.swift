// Web — server-sent event streams as the library's subscribers
import HTTPServer

extension HTTPStream: EventStream {}
