package io.feedline.app.http;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Requests that Jetty refuses before Javalin sees them (a malformed request line or URI, headers
 * too large) still get a problem document, never Jetty's HTML page with its message and stack.
 */
final class JettyErrors extends ErrorHandler {

    JettyErrors() {
        setShowStacks(false);
        setShowCauses(false);
        setShowMessageInTitle(false);
        setShowOrigin(false);
    }

    @Override
    protected void generateResponse(
            Request request, Response response, int code, String message, Throwable cause, Callback callback) {
        int status = code >= 400 && code <= 599 ? code : 500;
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, Problem.MEDIA_TYPE);
        response.write(true, ByteBuffer.wrap(body(status)), callback);
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
        fields.put(new HttpField(HttpHeader.CONTENT_TYPE, Problem.MEDIA_TYPE));
        return ByteBuffer.wrap(body(status >= 400 && status <= 599 ? status : 400));
    }

    private static byte[] body(int status) {
        String title = HttpStatus.getMessage(status);
        return ("{\"type\":\"urn:feedline:problem:http-" + status + "\",\"title\":\"" + title
                + "\",\"status\":" + status + ",\"detail\":\"" + title + "\"}").getBytes(StandardCharsets.UTF_8);
    }
}
