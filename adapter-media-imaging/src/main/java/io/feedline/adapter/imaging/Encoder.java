package io.feedline.adapter.imaging;

import io.feedline.ports.model.ContentType;
import io.feedline.ports.model.MediaMeta;
import io.feedline.ports.model.Rendition;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * Writes pixels only. Every image is written with no metadata at all: ImageIO's writers then add
 * their own minimal header (JFIF for JPEG) and nothing of the upload's EXIF, XMP, ICC, comments or
 * text chunks survives. This, not a filter over known tags, is what strips a phone's location.
 */
final class Encoder {
    static final ContentType JPEG = ContentType.of("image/jpeg");
    static final ContentType PNG = ContentType.of("image/png");

    private final float jpegQuality;

    Encoder(float jpegQuality) {
        this.jpegQuality = jpegQuality;
    }

    Rendition encode(BufferedImage image, boolean asPng) {
        byte[] bytes = asPng ? write(image, "png", null) : write(image, "jpeg", jpegQuality);
        return new Rendition(bytes, asPng ? PNG : JPEG, new MediaMeta(image.getWidth(), image.getHeight(), bytes.length));
    }

    private static byte[] write(BufferedImage image, String format, Float quality) {
        Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName(format);
        if (!writers.hasNext()) {
            throw new IllegalStateException("no ImageIO writer for " + format);
        }
        ImageWriter writer = writers.next();
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(1024, image.getWidth() * image.getHeight() / 4));
        try (ImageOutputStream stream = new MemoryCacheImageOutputStream(out)) {
            writer.setOutput(stream);
            ImageWriteParam param = writer.getDefaultWriteParam();
            if (quality != null) {
                param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
                param.setCompressionQuality(quality);
            }
            writer.write(null, new IIOImage(image, null, null), param);
        } catch (IOException e) {
            // Written to memory: an I/O failure here is a fault of ours, not of the upload.
            throw new UncheckedIOException(e);
        } finally {
            writer.dispose();
        }
        return out.toByteArray();
    }
}
