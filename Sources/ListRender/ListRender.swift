// ListServer — ListRender
import Models
